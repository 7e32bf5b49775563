// The classic contest baseline for eight-multi: per board, a bidirectional BFS over
// Cantor-hashed states (one frontier layer at a time, smaller side first), with
// per-case stamps instead of clearing the visited arrays. Independent of
// reference/eight on purpose: it is what the reference is measured against.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

namespace {

constexpr int kStates = 362880;
constexpr int kFactorial[9] = {40320, 5040, 720, 120, 24, 6, 2, 1, 1};
constexpr int kDr[4] = {-1, 1, 0, 0}, kDc[4] = {0, 0, -1, 1};
constexpr char kLetters[] = "udlr";

using State = std::array<char, 9>;

int Cantor(const State& a) {
  int r = 0;
  for (int i = 0; i < 9; ++i) {
    int smaller = 0;
    for (int j = i + 1; j < 9; ++j) smaller += a[j] < a[i];
    r += smaller * kFactorial[i];
  }
  return r;
}

std::vector<int> stamp_a(kStates), stamp_b(kStates), parent_a(kStates), parent_b(kStates);
std::vector<char> move_a(kStates), move_b(kStates);

std::string Solve(const State& start, int stamp) {
  int inversions = 0;
  for (int i = 0; i < 9; ++i)
    for (int j = i + 1; j < 9; ++j) inversions += start[i] && start[j] && start[i] > start[j];
  if (inversions % 2) return "unsolvable";
  const State goal = {1, 2, 3, 4, 5, 6, 7, 8, 0};
  int sh = Cantor(start), gh = Cantor(goal);
  stamp_a[sh] = stamp;
  stamp_b[gh] = stamp;
  int meet = sh == gh ? sh : -1;
  std::vector<State> fa{start}, fb{goal}, next;
  while (meet < 0) {
    bool from_a = fa.size() <= fb.size();
    std::vector<State>& cur = from_a ? fa : fb;
    std::vector<int>& mine = from_a ? stamp_a : stamp_b;
    std::vector<int>& other = from_a ? stamp_b : stamp_a;
    std::vector<int>& parent = from_a ? parent_a : parent_b;
    std::vector<char>& move = from_a ? move_a : move_b;
    next.clear();
    for (const State& s : cur) {
      int h = Cantor(s);
      int z = static_cast<int>(std::find(s.begin(), s.end(), 0) - s.begin());
      for (int d = 0; d < 4 && meet < 0; ++d) {
        int r = z / 3 + kDr[d], c = z % 3 + kDc[d];
        if (r < 0 || r > 2 || c < 0 || c > 2) continue;
        State t = s;
        std::swap(t[z], t[r * 3 + c]);
        int th = Cantor(t);
        if (mine[th] == stamp) continue;
        mine[th] = stamp;
        parent[th] = h;
        move[th] = static_cast<char>(d);
        if (other[th] == stamp) meet = th;
        next.push_back(t);
      }
      if (meet >= 0) break;
    }
    cur.swap(next);
  }
  std::string left, right;
  for (int h = meet; h != sh; h = parent_a[h]) left += kLetters[static_cast<int>(move_a[h])];
  std::reverse(left.begin(), left.end());
  for (int h = meet; h != gh; h = parent_b[h]) right += kLetters[move_b[h] ^ 1];
  return left + right;
}

}  // namespace

int main() {
  char token[8];
  int stamp = 0;
  std::string out;
  while (true) {
    State s;
    for (int i = 0; i < 9; ++i) {
      if (std::scanf("%7s", token) != 1) {
        std::fwrite(out.data(), 1, out.size(), stdout);
        return 0;
      }
      s[i] = token[0] == 'x' ? 0 : static_cast<char>(token[0] - '0');
    }
    out += Solve(s, ++stamp);
    out += '\n';
  }
}
