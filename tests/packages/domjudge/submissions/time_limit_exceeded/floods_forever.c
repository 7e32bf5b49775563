/* Writes without end. DOMjudge drops what is past the output limit and lets the
 * program run on: it runs into the time limit (TIMELIMIT), where a judge that stops
 * it at the output limit would say OUTPUT-LIMIT. */
#include <stdio.h>
int main(void) {
  for (;;) puts("Hello flood!");
  return 0;
}
