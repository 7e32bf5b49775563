#include "oracle_rules.h"

#include <cstdlib>

namespace rotation_oracle {
namespace {

// The geometry, derived once: the cell index of each grid square on the '#' shape
// (reading order), and for each move the cells of its line in travel order.
struct Geometry {
  int index[7][7];       // -1 where there is no cell
  int from[8][24];       // after move m, cell i holds the value of cell from[m][i]
  int ring[8];           // the centre ring cells

  Geometry() {
    int next = 0;
    for (int r = 0; r < 7; ++r)
      for (int c = 0; c < 7; ++c) {
        const bool on_shape = r == 2 || r == 4 || c == 2 || c == 4;
        index[r][c] = on_shape ? next++ : -1;
      }
    if (next != 24) std::abort();
    // letter, is_row, line, direction (-1: towards lower coordinates, i.e. up/left).
    struct Spec {
      bool is_row;
      int line, dir;
    };
    const Spec specs[8] = {{false, 2, -1}, {false, 4, -1}, {true, 2, +1}, {true, 4, +1},
                           {false, 4, +1}, {false, 2, +1}, {true, 4, -1}, {true, 2, -1}};
    for (int m = 0; m < 8; ++m) {
      for (int i = 0; i < 24; ++i) from[m][i] = i;
      for (int k = 0; k < 7; ++k) {
        const int to = ((k + specs[m].dir) % 7 + 7) % 7;
        const int src = specs[m].is_row ? index[specs[m].line][k] : index[k][specs[m].line];
        const int dst = specs[m].is_row ? index[specs[m].line][to] : index[to][specs[m].line];
        from[m][dst] = src;
      }
    }
    int n = 0;
    for (int r = 2; r <= 4; ++r)
      for (int c = 2; c <= 4; ++c)
        if (r != 3 || c != 3) ring[n++] = index[r][c];
  }
};

const Geometry& G() {
  static const Geometry g;
  return g;
}

}  // namespace

void Apply(Cells& cells, char letter) {
  if (letter < 'A' || letter > 'H') std::abort();
  const int* from = G().from[letter - 'A'];
  const Cells old = cells;
  for (int i = 0; i < 24; ++i) cells[i] = old[from[i]];
}

const int* Ring() { return G().ring; }

int Centre(const Cells& cells) {
  const int* ring = Ring();
  for (int i = 1; i < 8; ++i)
    if (cells[ring[i]] != cells[ring[0]]) return 0;
  return cells[ring[0]];
}

}  // namespace rotation_oracle
