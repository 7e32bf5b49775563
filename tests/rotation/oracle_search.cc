#include "oracle_search.h"

#include <algorithm>

namespace rotation_oracle {
namespace {

// Every string of exactly `remaining` more letters after path, in lexicographic
// order, with no pruning at all; true at the first that ends in a goal.
bool Enumerate(const Cells& cells, std::string& path, int remaining) {
  if (remaining == 0) return Centre(cells) != 0;
  for (char m = 'A'; m <= 'H'; ++m) {
    Cells next = cells;
    Apply(next, m);
    path.push_back(m);
    if (Enumerate(next, path, remaining - 1)) return true;
    path.pop_back();
  }
  return false;
}

// How many centre cells hold the most frequent centre digit.
int CentreCount(const Cells& cells) {
  int count[4] = {0, 0, 0, 0};
  for (int i = 0; i < 8; ++i) ++count[cells[Ring()[i]]];
  return std::max({count[1], count[2], count[3]});
}

char Undo(char m) {
  switch (m) {
    case 'A': return 'F';
    case 'F': return 'A';
    case 'B': return 'E';
    case 'E': return 'B';
    case 'C': return 'H';
    case 'H': return 'C';
    case 'D': return 'G';
    case 'G': return 'D';
  }
  return 0;
}

bool Dfs(Cells& cells, std::string& path, int bound) {
  const int h = 8 - CentreCount(cells);
  if (h == 0) return true;
  if (static_cast<int>(path.size()) + h > bound) return false;
  for (char m = 'A'; m <= 'H'; ++m) {
    if (!path.empty() && m == Undo(path.back())) continue;
    Cells next = cells;
    Apply(next, m);
    path.push_back(m);
    if (Dfs(next, path, bound)) {
      cells = next;
      return true;
    }
    path.pop_back();
  }
  return false;
}

}  // namespace

std::optional<Answer> BruteForce(const Cells& start, int max_length) {
  for (int length = 0; length <= max_length; ++length) {
    std::string path;
    if (Enumerate(start, path, length)) {
      Cells cells = start;
      for (char m : path) Apply(cells, m);
      return Answer{path, Centre(cells)};
    }
  }
  return std::nullopt;
}

Answer IdaStar(const Cells& start) {
  for (int bound = 8 - CentreCount(start);; ++bound) {
    Cells cells = start;
    std::string path;
    if (Dfs(cells, path, bound)) return Answer{path, Centre(cells)};
  }
}

}  // namespace rotation_oracle
