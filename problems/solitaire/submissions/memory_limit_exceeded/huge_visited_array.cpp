// Solitaire: TOO MUCH MEMORY. The classic bidirectional BFS, but with one visited array
// per side indexed by the packed sorted cells (2 x 2^24 ints = 128 MiB), zeroed with
// memset once at startup "to be safe": that makes all 128 MiB resident before the
// first case is read (the limit is 64 MiB). The search itself is fast and right.
#include <algorithm>
#include <cstdio>
#include <cstring>

static int vis[2][1 << 24];  // the number of the case that last saw the state, per side
struct State {
  unsigned char cell[4];
};
static unsigned Key(const State& s) {
  return (unsigned)s.cell[0] << 18 | (unsigned)s.cell[1] << 12 | (unsigned)s.cell[2] << 6 | s.cell[3];
}
static State q[200000];
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

static bool Occupied(const State& s, int cell) {
  return s.cell[0] == cell || s.cell[1] == cell || s.cell[2] == cell || s.cell[3] == cell;
}

static bool Bfs(State root, int side, int depth, int id) {
  int head = 0, tail = 1, level_end = 1;
  q[0] = root;
  if (vis[1 - side][Key(root)] == id) return true;
  vis[side][Key(root)] = id;
  for (int d = 0; d < depth; ++d) {
    while (head < level_end) {
      State s = q[head++];
      for (int i = 0; i < 4; ++i) {
        int r = s.cell[i] / 8, c = s.cell[i] % 8;
        for (int k = 0; k < 4; ++k) {
          int nr = r + dr[k], nc = c + dc[k];
          if (nr < 0 || nr > 7 || nc < 0 || nc > 7) continue;
          if (Occupied(s, nr * 8 + nc)) {
            nr += dr[k], nc += dc[k];
            if (nr < 0 || nr > 7 || nc < 0 || nc > 7 || Occupied(s, nr * 8 + nc)) continue;
          }
          State t = s;
          t.cell[i] = (unsigned char)(nr * 8 + nc);
          std::sort(t.cell, t.cell + 4);
          if (vis[1 - side][Key(t)] == id) return true;
          if (vis[side][Key(t)] == id) continue;
          vis[side][Key(t)] = id;
          q[tail++] = t;
        }
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
  std::sort(s->cell, s->cell + 4);
  return true;
}

int main() {
  // memset writes every page: the whole array becomes resident here.
  memset(vis, 0, sizeof vis);
  State a, b;
  int id = 0;
  while (Read(&a) && Read(&b)) {
    ++id;
    puts(Bfs(a, 0, 4, id) || Bfs(b, 1, 4, id) ? "YES" : "NO");
  }
  return 0;
}
