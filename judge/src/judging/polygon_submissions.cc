// A Polygon package's solutions as the package's example submissions (see
// judge/judging/package_submissions.h): each <solution> of problem.xml, expected to get
// what its tag names, in the language its type names.
#include "judge/config/polygon.h"
#include "judge/judging/package_submissions.h"

namespace judge {

Result<std::vector<PackageSubmission>> ListPolygonSubmissions(const std::string& package_dir) {
  JUDGE_ASSIGN_OR_RETURN(std::vector<PolygonSolution> solutions, LoadPolygonSolutions(package_dir));
  std::vector<PackageSubmission> out;
  for (auto& s : solutions) {
    PackageSubmission p;
    p.subject = s.rel + " (" + s.tag + ")";
    p.path = s.path;
    p.folder = s.tag;
    Expectation e;
    e.allowed = std::move(s.allowed);
    // Polygon expects such a solution near the limit: no warning when it is.
    e.slow = s.tag == "time-limit-exceeded-or-accepted";
    e.language = PolygonLanguage(s.type);
    p.expected = std::move(e);
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace judge
