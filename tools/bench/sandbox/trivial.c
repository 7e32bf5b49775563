// The benchmark's trivial program: exits 0 at once.
int main(void) { return 0; }
