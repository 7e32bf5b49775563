// Solitaire: TOO SLOW. Depth-first search over every sequence of up to 8 moves from the
// start, with no memory of visited states and no bound: up to 16^8 (4 * 10^9) move
// sequences for each case whose answer is NO.
#include <algorithm>
#include <cstdio>
#include <cstring>

static int cell[4], goal[4];
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

static bool AtGoal() {
  int s[4];
  memcpy(s, cell, sizeof s);
  std::sort(s, s + 4);
  return memcmp(s, goal, sizeof s) == 0;
}

static bool Taken(int r, int c) {
  for (int j = 0; j < 4; ++j)
    if (cell[j] == r * 8 + c) return true;
  return false;
}

static bool Dfs(int depth) {
  if (AtGoal()) return true;
  if (depth == 8) return false;
  for (int i = 0; i < 4; ++i) {
    for (int k = 0; k < 4; ++k) {
      int from = cell[i];
      int r = from / 8 + dr[k], c = from % 8 + dc[k];
      if (r < 0 || r > 7 || c < 0 || c > 7) continue;
      if (Taken(r, c)) {
        r += dr[k], c += dc[k];
        if (r < 0 || r > 7 || c < 0 || c > 7 || Taken(r, c)) continue;
      }
      cell[i] = r * 8 + c;
      bool found = Dfs(depth + 1);
      cell[i] = from;
      if (found) return true;
    }
  }
  return false;
}

int main() {
  int v[16];
  for (;;) {
    for (int i = 0; i < 16; ++i)
      if (scanf("%d", &v[i]) != 1) return 0;
    for (int i = 0; i < 4; ++i) {
      cell[i] = (v[2 * i] - 1) * 8 + (v[2 * i + 1] - 1);
      goal[i] = (v[8 + 2 * i] - 1) * 8 + (v[8 + 2 * i + 1] - 1);
    }
    std::sort(goal, goal + 4);
    puts(Dfs(0) ? "YES" : "NO");
  }
}
