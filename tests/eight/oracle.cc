#include "oracle.h"

#include <algorithm>
#include <cctype>
#include <deque>

namespace eight_test {

std::optional<std::string> OracleReplay(std::string state, std::string_view moves) {
  size_t pos = state.find('x');
  if (pos == std::string::npos) return std::nullopt;
  int row = static_cast<int>(pos) / 3, col = static_cast<int>(pos) % 3;
  for (char m : moves) {
    int nr = row, nc = col;
    if (m == 'u') --nr;
    else if (m == 'd') ++nr;
    else if (m == 'l') --nc;
    else if (m == 'r') ++nc;
    else return std::nullopt;
    if (nr < 0 || nr > 2 || nc < 0 || nc > 2) return std::nullopt;
    std::swap(state[row * 3 + col], state[nr * 3 + nc]);
    row = nr;
    col = nc;
  }
  return state;
}

std::vector<std::string> OracleNeighbours(const std::string& state) {
  std::vector<std::string> out;
  for (char m : std::string("udlr"))
    if (auto s = OracleReplay(state, std::string(1, m))) out.push_back(*s);
  return out;
}

Oracle::Oracle() {
  std::deque<std::string> queue{kGoalState};
  distance_[kGoalState] = 0;
  while (!queue.empty()) {
    std::string s = queue.front();
    queue.pop_front();
    int d = distance_[s];
    if (static_cast<int>(layers_.size()) <= d) layers_.resize(d + 1);
    layers_[d].push_back(s);
    for (const std::string& n : OracleNeighbours(s)) {
      if (distance_.emplace(n, d + 1).second) queue.push_back(n);
    }
  }
}

const Oracle& Oracle::Get() {
  static const Oracle oracle;
  return oracle;
}

int Oracle::Distance(const std::string& state) const {
  auto it = distance_.find(state);
  return it == distance_.end() ? -1 : it->second;
}

const std::vector<std::string>& Oracle::AtDistance(int d) const { return layers_.at(d); }

std::vector<std::string> AllStates() {
  std::string s = "12345678x";
  std::sort(s.begin(), s.end());
  std::vector<std::string> all;
  do all.push_back(s);
  while (std::next_permutation(s.begin(), s.end()));
  return all;
}

std::vector<std::string> OracleBoards(std::string_view input) {
  std::vector<std::string> boards;
  std::string current;
  for (char c : input) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    current += c;
    if (current.size() == 9) {
      boards.push_back(current);
      current.clear();
    }
  }
  return boards;
}

}  // namespace eight_test
