// Tries to create 10,000 threads that sleep.
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
static void* nap(void* a) {
  (void)a;
  sleep(10);
  return 0;
}
int main(void) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 64 * 1024);
  int made = 0;
  for (int i = 0; i < 10000; ++i) {
    pthread_t t;
    if (pthread_create(&t, &attr, nap, 0) == 0) ++made;
  }
  printf("%d\n", made);
  return made == 10000 ? 0 : 1;
}
