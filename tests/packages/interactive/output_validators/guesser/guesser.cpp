// Interactive output validator: validator input answer feedback_dir, the submission's
// stdout on stdin, its stdin on stdout. The input holds "max secret".
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

namespace {

std::string feedback;

[[noreturn]] void Judge(int code, const std::string& message) {
  std::ofstream(feedback + "judgemessage.txt") << message << "\n";
  std::exit(code);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) return 1;
  feedback = argv[3];
  std::ifstream in(argv[1]);
  long max = 0, secret = 0;
  if (!(in >> max >> secret)) return 1;
  for (int guess = 1; guess <= 10; ++guess) {
    long g = 0;
    if (!(std::cin >> g)) Judge(43, "no guess " + std::to_string(guess) + " (end of output)");
    if (g < 1 || g > max) Judge(43, "guess " + std::to_string(g) + " is out of range");
    if (g == secret) {
      std::cout << "correct" << std::endl;
      std::string extra;
      if (std::cin >> extra) Judge(43, "output after the correct guess: " + extra);
      Judge(42, "found in " + std::to_string(guess) + " guesses");
    }
    std::cout << (g < secret ? "higher" : "lower") << std::endl;
  }
  Judge(43, "not found in 10 guesses");
}
