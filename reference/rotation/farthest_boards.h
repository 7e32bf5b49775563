// The boards farthest from the goal, found from the distance table.
#ifndef ROTATION_FARTHEST_BOARDS_H_
#define ROTATION_FARTHEST_BOARDS_H_

#include <vector>

#include "rotation/board.h"

namespace rotation {

struct FarthestBoards {
  int distance = 0;           // the largest board distance over all legal boards
  std::vector<Board> boards;  // every legal board at that distance, sorted by cells
};

// Enumerates them exactly: a board's distance is the minimum of its three sets'
// distances, so for a threshold t (from the largest set distance down) it looks for
// partitions of the 24 cells into three sets all at distance >= t, pairing the few
// sets that far away. Tens of milliseconds after the table is built. Thread-safe.
FarthestBoards FindFarthestBoards();

}  // namespace rotation

#endif  // ROTATION_FARTHEST_BOARDS_H_
