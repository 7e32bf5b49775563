// A null pointer write: RE with SIGSEGV, no core file.
int main(void) {
  volatile int* p = 0;
  *p = 1;
  return 0;
}
