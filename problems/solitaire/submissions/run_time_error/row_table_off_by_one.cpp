// Solitaire: CRASHES. Converts coordinates through a table of 8 rows indexed from 0 but
// looks rows up with the 1-based number: the first coordinate 8 makes vector::at throw,
// and the uncaught std::out_of_range aborts the program (the sample has no 8).
#include <algorithm>
#include <cstdio>
#include <set>
#include <vector>

typedef std::vector<int> State;  // four cells, sorted

static std::vector<int> row_start;  // row_start[r] = first cell of row r, r = 0..7

static State Neighbour(const State& s, int i, int dr, int dc, bool* ok) {
  int r = s[i] / 8 + dr, c = s[i] % 8 + dc;
  *ok = false;
  if (r < 0 || r > 7 || c < 0 || c > 7) return s;
  if (std::count(s.begin(), s.end(), r * 8 + c)) {
    r += dr, c += dc;
    if (r < 0 || r > 7 || c < 0 || c > 7 || std::count(s.begin(), s.end(), r * 8 + c)) return s;
  }
  State t = s;
  t[i] = r * 8 + c;
  std::sort(t.begin(), t.end());
  *ok = true;
  return t;
}

static std::set<State> Ball(const State& root) {
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  std::set<State> seen;
  seen.insert(root);
  std::vector<State> layer(1, root), next;
  for (int d = 0; d < 4; ++d) {
    next.clear();
    for (size_t q = 0; q < layer.size(); ++q)
      for (int i = 0; i < 4; ++i)
        for (int k = 0; k < 4; ++k) {
          bool ok;
          State t = Neighbour(layer[q], i, dr[k], dc[k], &ok);
          if (ok && seen.insert(t).second) next.push_back(t);
        }
    layer.swap(next);
  }
  return seen;
}

int main() {
  for (int r = 0; r < 8; ++r) row_start.push_back(8 * r);
  int v[16];
  for (;;) {
    for (int i = 0; i < 16; ++i)
      if (scanf("%d", &v[i]) != 1) return 0;
    State s(4), t(4);
    for (int i = 0; i < 4; ++i) {
      s[i] = row_start.at(v[2 * i]) - 8 + (v[2 * i + 1] - 1);  // bug: at(r), not at(r - 1)
      t[i] = row_start.at(v[8 + 2 * i]) - 8 + (v[8 + 2 * i + 1] - 1);
    }
    std::sort(s.begin(), s.end());
    std::sort(t.begin(), t.end());
    std::set<State> a = Ball(s), b = Ball(t);
    bool ok = false;
    for (std::set<State>::iterator it = a.begin(); it != a.end() && !ok; ++it) ok = b.count(*it) > 0;
    puts(ok ? "YES" : "NO");
  }
}
