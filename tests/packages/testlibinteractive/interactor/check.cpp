// testlib checker for the interaction: reads what the interactor wrote (answer and
// question count) and compares the answer with the jury's.
#include "testlib.h"

int main(int argc, char** argv) {
  registerTestlibCmd(argc, argv);
  int want = ans.readInt();
  int got = ouf.readInt();
  int asked = ouf.readInt();
  if (got != want) quitf(_wa, "answered %d, the maximum is %d", got, want);
  quitf(_ok, "%d after %d questions", got, asked);
}
