// Solitaire (POJ 1198): meet in the middle with hash sets.
// The four cells, sorted, are packed into one 32-bit code (8 bits per cell: row*8+col).
// Breadth-first search from the start collects every code within 4 moves in an
// unordered_set; breadth-first search from the target, also 4 moves deep, answers YES
// as soon as it produces a code in that set. Before searching, a quick test: one move
// carries one piece at most 2 cells, so if even the best matching of pieces to target
// cells needs more than 8 moves the answer is NO.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>
#include <vector>

typedef unsigned Code;

static Code Pack(int cell[4]) {
  std::sort(cell, cell + 4);
  return (Code)cell[0] << 24 | (Code)cell[1] << 16 | (Code)cell[2] << 8 | (Code)cell[3];
}

static void Unpack(Code code, int cell[4]) {
  for (int i = 3; i >= 0; --i, code >>= 8) cell[i] = code & 255;
}

static bool Taken(const int cell[4], int r, int c) {
  for (int j = 0; j < 4; ++j)
    if (cell[j] == r * 8 + c) return true;
  return false;
}

static bool OnBoard(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }

static void Neighbours(Code code, std::vector<Code>& out) {
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  int cell[4];
  Unpack(code, cell);
  out.clear();
  for (int i = 0; i < 4; ++i) {
    for (int k = 0; k < 4; ++k) {
      int r = cell[i] / 8 + dr[k], c = cell[i] % 8 + dc[k];
      if (!OnBoard(r, c)) continue;
      if (Taken(cell, r, c)) {  // jump over it
        r += dr[k], c += dc[k];
        if (!OnBoard(r, c) || Taken(cell, r, c)) continue;
      }
      int next[4] = {cell[0], cell[1], cell[2], cell[3]};
      next[i] = r * 8 + c;
      out.push_back(Pack(next));
    }
  }
}

static int BestMatching(int a[4], int b[4]) {
  int perm[4] = {0, 1, 2, 3}, best = 1 << 30;
  do {
    int sum = 0;
    for (int i = 0; i < 4; ++i) {
      int d = abs(a[i] / 8 - b[perm[i]] / 8) + abs(a[i] % 8 - b[perm[i]] % 8);
      sum += (d + 1) / 2;
    }
    best = std::min(best, sum);
  } while (std::next_permutation(perm, perm + 4));
  return best;
}

static bool Solve(Code start, Code target) {
  if (start == target) return true;
  int a[4], b[4];
  Unpack(start, a);
  Unpack(target, b);
  if (BestMatching(a, b) > 8) return false;

  std::unordered_set<Code> near_start{start};
  std::vector<Code> layer{start}, next, adj;
  for (int depth = 0; depth < 4; ++depth) {
    next.clear();
    for (Code s : layer) {
      Neighbours(s, adj);
      for (Code t : adj)
        if (near_start.insert(t).second) next.push_back(t);
    }
    layer.swap(next);
  }
  if (near_start.count(target)) return true;
  std::unordered_set<Code> near_target{target};
  layer.assign(1, target);
  for (int depth = 0; depth < 4; ++depth) {
    next.clear();
    for (Code s : layer) {
      Neighbours(s, adj);
      for (Code t : adj) {
        if (near_start.count(t)) return true;
        if (near_target.insert(t).second) next.push_back(t);
      }
    }
    layer.swap(next);
  }
  return false;
}

int main() {
  int v[16];
  for (;;) {
    for (int i = 0; i < 16; ++i)
      if (scanf("%d", &v[i]) != 1) return 0;
    int s[4], t[4];
    for (int i = 0; i < 4; ++i) {
      s[i] = (v[2 * i] - 1) * 8 + (v[2 * i + 1] - 1);
      t[i] = (v[8 + 2 * i] - 1) * 8 + (v[8 + 2 * i + 1] - 1);
    }
    puts(Solve(Pack(s), Pack(t)) ? "YES" : "NO");
  }
}
