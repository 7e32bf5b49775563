#include "solitaire/moves.h"

namespace solitaire {

std::vector<Move> LegalMoves(Board board) {
  std::vector<Move> moves;
  moves.reserve(kMaxMoves);
  ForEachMove(board, [&](Move move, Board) { moves.push_back(move); });
  return moves;
}

Board Apply(Board board, Move move) {
  return Board{board.mask ^ (uint64_t{1} << move.from) ^ (uint64_t{1} << move.to)};
}

}  // namespace solitaire
