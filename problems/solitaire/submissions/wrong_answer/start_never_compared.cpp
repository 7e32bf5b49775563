// Solitaire: WRONG. A plain BFS of up to 8 moves over the pieces in input order (the
// visited set tells them apart), which compares the target, as a sorted set, only with
// the configurations its moves reach. The start itself is never compared, so a target
// equal to the start is YES only when the moves can bring the same cells back with two
// pieces traded; with the pieces far apart they cannot within 8 moves, and it says NO.
// (Stamps are 16-bit case numbers: 32 MiB.)
#include <algorithm>
#include <cstdio>

static unsigned short vis[1 << 24];
struct State {
  unsigned char cell[4];  // in input order
};
static unsigned Key(const State& s) {
  return (unsigned)s.cell[0] << 18 | (unsigned)s.cell[1] << 12 | (unsigned)s.cell[2] << 6 | s.cell[3];
}
static State q[4000000];
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

static bool Occupied(const State& s, int cell) {
  return s.cell[0] == cell || s.cell[1] == cell || s.cell[2] == cell || s.cell[3] == cell;
}

static bool IsTarget(State s, const State& target) {
  std::sort(s.cell, s.cell + 4);
  for (int i = 0; i < 4; ++i)
    if (s.cell[i] != target.cell[i]) return false;
  return true;
}

// Where piece i lands moving in direction k (a step or a jump over one piece), or -1.
static int Land(const State& s, int i, int k) {
  int r = s.cell[i] / 8 + dr[k], c = s.cell[i] % 8 + dc[k];
  if (r < 0 || r > 7 || c < 0 || c > 7) return -1;
  if (!Occupied(s, r * 8 + c)) return r * 8 + c;
  r += dr[k], c += dc[k];
  if (r < 0 || r > 7 || c < 0 || c > 7 || Occupied(s, r * 8 + c)) return -1;
  return r * 8 + c;
}

static bool Bfs(const State& start, const State& target, unsigned short mark) {
  int head = 0, tail = 1, level_end = 1;
  q[0] = start;
  vis[Key(start)] = mark;
  for (int d = 0; d < 8; ++d) {
    while (head < level_end) {
      State s = q[head++];
      for (int i = 0; i < 4; ++i)
        for (int k = 0; k < 4; ++k) {
          int to = Land(s, i, k);
          if (to < 0) continue;
          State t = s;
          t.cell[i] = (unsigned char)to;
          if (vis[Key(t)] == mark) continue;
          vis[Key(t)] = mark;
          if (IsTarget(t, target)) return true;
          q[tail++] = t;
        }
    }
    level_end = tail;
  }
  return false;
}

static bool Read(State* s) {
  int r, c;
  for (int i = 0; i < 4; ++i) {
    if (scanf("%d %d", &r, &c) != 2) return false;
    s->cell[i] = (unsigned char)((r - 1) * 8 + (c - 1));
  }
  return true;
}

int main() {
  State start, target;
  unsigned short id = 0;
  while (Read(&start) && Read(&target)) {
    std::sort(target.cell, target.cell + 4);
    puts(Bfs(start, target, ++id) ? "YES" : "NO");
  }
  return 0;
}
