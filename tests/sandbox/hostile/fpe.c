// Integer division by zero: RE with SIGFPE.
int main(int argc, char** argv) {
  (void)argv;
  volatile int zero = argc - 1;
  return 10 / zero;
}
