// The empty program of the run-path benchmark: exits 0 at once.
int main(void) { return 0; }
