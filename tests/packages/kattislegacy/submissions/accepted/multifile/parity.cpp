#include "parity.h"
const char* ParityWord(int n) { return n % 2 ? "odd" : "even"; }
