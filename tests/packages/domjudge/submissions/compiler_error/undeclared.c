int main(void) { return undeclared; }
