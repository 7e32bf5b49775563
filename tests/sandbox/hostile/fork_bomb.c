// The classic: fork forever, ignoring failures.
#include <unistd.h>
int main(void) {
  for (;;) fork();
}
