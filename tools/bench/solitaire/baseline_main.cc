// The classic contest baseline the reference is measured against: per case, a
// bidirectional BFS (4 moves from each side) over states packed as the four sorted
// cells, 6 bits each, with a 2^24-int (64 MiB) visited array cleared with memset for
// every case. Written as a contestant would; no code shared with reference/.
#include <algorithm>
#include <cstdio>
#include <cstring>

namespace {

int vis[1 << 24];  // 0 unseen, 1 seen from the start, 2 seen from the target

struct State {
  unsigned char cell[4];  // 0..63, sorted
};

unsigned Key(const State& s) {
  return unsigned{s.cell[0]} << 18 | unsigned{s.cell[1]} << 12 | unsigned{s.cell[2]} << 6 | s.cell[3];
}

State queue[200000];
const int kDr[4] = {-1, 1, 0, 0}, kDc[4] = {0, 0, -1, 1};

bool Occupied(const State& s, int cell) {
  return s.cell[0] == cell || s.cell[1] == cell || s.cell[2] == cell || s.cell[3] == cell;
}

// BFS from root to depth 4 marking `side`; true when it touches the other side's mark.
bool Bfs(State root, int side) {
  const int other = 3 - side;
  int head = 0, tail = 1, level_end = 1;
  queue[0] = root;
  if (vis[Key(root)] == other) return true;
  vis[Key(root)] = side;
  for (int depth = 0; depth < 4; ++depth) {
    while (head < level_end) {
      const State s = queue[head++];
      for (int i = 0; i < 4; ++i) {
        const int r = s.cell[i] / 8, c = s.cell[i] % 8;
        for (int k = 0; k < 4; ++k) {
          int nr = r + kDr[k], nc = c + kDc[k];
          if (nr < 0 || nr > 7 || nc < 0 || nc > 7) continue;
          if (Occupied(s, nr * 8 + nc)) {
            nr += kDr[k];
            nc += kDc[k];
            if (nr < 0 || nr > 7 || nc < 0 || nc > 7 || Occupied(s, nr * 8 + nc)) continue;
          }
          State t = s;
          t.cell[i] = static_cast<unsigned char>(nr * 8 + nc);
          std::sort(t.cell, t.cell + 4);
          int& v = vis[Key(t)];
          if (v == other) return true;
          if (v == side) continue;
          v = side;
          queue[tail++] = t;
        }
      }
    }
    level_end = tail;
  }
  return false;
}

bool Read(State* s) {
  int r, c;
  for (int i = 0; i < 4; ++i) {
    if (std::scanf("%d %d", &r, &c) != 2) return false;
    s->cell[i] = static_cast<unsigned char>((r - 1) * 8 + (c - 1));
  }
  std::sort(s->cell, s->cell + 4);
  return true;
}

}  // namespace

int main() {
  State start, target;
  while (Read(&start) && Read(&target)) {
    std::memset(vis, 0, sizeof vis);
    std::puts(Bfs(start, 1) || Bfs(target, 2) ? "YES" : "NO");
  }
  return 0;
}
