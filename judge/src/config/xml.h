// Reading XML files (a Polygon package's problem.xml) into a small tree of elements.
// Expat (Debian's libexpat1-dev) does the parsing: it is strict about well-formedness
// (a bad file is an error naming its line), small, and already on every Debian host;
// expat is included here only (internal to judge_config). The tree keeps what the
// package readers need: element names, attributes in file order, text and the line of
// each element, so that an error names the file, the line, what was expected and what
// was found. No DTD is loaded and no external entity is resolved.
//
// Thread-safe: no shared state.
#ifndef JUDGE_SRC_CONFIG_XML_H_
#define JUDGE_SRC_CONFIG_XML_H_

#include <string>
#include <utility>
#include <vector>

#include "judge/base/status.h"

namespace judge {

struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;  // in file order
  std::vector<XmlElement> children;                             // elements only, in file order
  std::string text;  // the character data directly inside it, untrimmed
  int line = 0;      // where its start tag is (1-based)

  // The attribute's value, or "" when absent.
  std::string Attribute(const std::string& key) const;
  bool HasAttribute(const std::string& key) const;
  // The first child of that name, or null. Borrowed from this element.
  const XmlElement* Child(const std::string& child_name) const;
  // The text of the first child of that name, trimmed ("" when there is none).
  std::string ChildText(const std::string& child_name) const;
};

// Parses a whole XML file (a regular file of at most 64 MiB; special files are
// refused). Bad XML is InvalidArgument "<file>:<line>: expected well-formed XML, found
// <expat's reason>"; a document with a DTD is refused the same way.
Result<XmlElement> ParseXmlFile(const std::string& file);
// The same for text already read; `file` only names it in errors.
Result<XmlElement> ParseXmlText(const std::string& text, const std::string& file);

}  // namespace judge

#endif  // JUDGE_SRC_CONFIG_XML_H_
