#include "main_answer.h"

#include "judge/base/interrupt.h"
#include "judge/config/language.h"
#include "judge/grading/compiler.h"

namespace judge::cli {

Result<PolygonMainAnswer> MainSolutionAnswer(const ProblemConfig& config, const std::string& input_path,
                                             const std::string& input_name) {
  JUDGE_ASSIGN_OR_RETURN(LanguageSet languages, LoadLanguages(""));
  InterruptHandler interrupt;
  PolygonMakeOptions make;
  make.context.languages = &languages;
  make.context.cache_dir = DefaultCacheDir();
  make.context.cancel = interrupt.flag();
  return AnswerWithPolygonMain(config, input_path, input_name, make);
}

}  // namespace judge::cli
