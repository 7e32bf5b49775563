// Interactor of "Guess the Number" (testlib's convention: interactor <input> <tout>
// <answer>, exit 0 accepted, 1 wrong answer, 3 failure; the verdict's reason on
// stderr). The input holds the hidden n (1 <= n <= 1000). The solution asks "? x" and
// is told "<" (n is smaller), ">" (n is larger) or "="; it ends with "! n". The
// interactor writes the number of questions asked to <tout>: for the main solution,
// that is the test's answer. When the answer holds a number, a solution asking more
// questions than that is a wrong answer.
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: interactor <input> <tout> <answer>\n");
    return 3;
  }
  std::FILE* in = std::fopen(argv[1], "r");
  long n = 0;
  if (!in || std::fscanf(in, "%ld", &n) != 1 || n < 1 || n > 1000) {
    std::fprintf(stderr, "expected the hidden number in the input\n");
    return 3;
  }
  long jury = -1;
  if (std::FILE* ans = std::fopen(argv[3], "r")) {
    if (std::fscanf(ans, "%ld", &jury) != 1) jury = -1;
    std::fclose(ans);
  }
  long asked = 0;
  char op[2];
  long x = 0;
  for (;;) {
    if (std::scanf("%1s %ld", op, &x) != 2) {
      std::fprintf(stderr, "expected \"? x\" or \"! x\"\n");
      return 1;
    }
    if (op[0] == '!') break;
    if (op[0] != '?' || ++asked > 2000) {
      std::fprintf(stderr, "expected at most 2000 questions \"? x\"\n");
      return 1;
    }
    std::printf("%s\n", n < x ? "<" : n > x ? ">" : "=");
    std::fflush(stdout);
  }
  if (x != n) {
    std::fprintf(stderr, "expected %ld, found %ld\n", n, x);
    return 1;
  }
  if (jury >= 0 && asked > jury) {
    std::fprintf(stderr, "%ld questions, more than the jury's %ld\n", asked, jury);
    return 1;
  }
  std::FILE* tout = std::fopen(argv[2], "w");
  if (!tout || std::fprintf(tout, "%ld\n", asked) < 0 || std::fclose(tout) != 0) return 3;
  return 0;
}
