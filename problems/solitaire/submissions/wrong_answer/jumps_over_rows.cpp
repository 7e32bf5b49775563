// Solitaire: WRONG. Lets a piece jump over a whole row of pieces: from a neighbour
// that is occupied it goes on past every piece in line to the first empty cell. The
// rules allow a jump over one piece only, so a target that such a long jump brings
// within 8 moves is answered YES when it is NO.
#include <algorithm>
#include <cstdio>

static int vis[1 << 24];
struct State {
  unsigned char cell[4];
};
static unsigned Key(const State& s) {
  return (unsigned)s.cell[0] << 18 | (unsigned)s.cell[1] << 12 | (unsigned)s.cell[2] << 6 | s.cell[3];
}
static State qa[200000], qb[200000];
static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

static bool Occupied(const State& s, int cell) {
  return s.cell[0] == cell || s.cell[1] == cell || s.cell[2] == cell || s.cell[3] == cell;
}

static bool Bfs(State* q, int depth, int mark, int other) {
  int head = 0, tail = 1, level_end = 1;
  if (other && vis[Key(q[0])] == other) return true;
  vis[Key(q[0])] = mark;
  for (int d = 0; d < depth; ++d) {
    while (head < level_end) {
      State s = q[head++];
      for (int i = 0; i < 4; ++i) {
        int r = s.cell[i] / 8, c = s.cell[i] % 8;
        for (int k = 0; k < 4; ++k) {
          int nr = r + dr[k], nc = c + dc[k];
          while (nr >= 0 && nr <= 7 && nc >= 0 && nc <= 7 && Occupied(s, nr * 8 + nc))
            nr += dr[k], nc += dc[k];  // over every piece in the row
          if (nr < 0 || nr > 7 || nc < 0 || nc > 7) continue;
          State t = s;
          t.cell[i] = (unsigned char)(nr * 8 + nc);
          std::sort(t.cell, t.cell + 4);
          int& v = vis[Key(t)];
          if (other && v == other) return true;
          if (v == mark) continue;
          v = mark;
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
  int id = 0;
  while (Read(&qa[0]) && Read(&qb[0])) {
    int fwd = ++id, bwd = ++id;
    puts(Bfs(qa, 4, fwd, 0) || Bfs(qb, 4, bwd, fwd) ? "YES" : "NO");
  }
  return 0;
}
