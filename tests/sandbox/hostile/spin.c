// Spins forever in user space: TLE by CPU time.
int main(void) {
  volatile unsigned long x = 0;
  for (;;) x++;
}
