// Reading an HTML page for `papershelf prerender`: where its <paper-shelf> elements are, what
// their attributes say, and where each wants its static list (the prerender marker); and reading
// the data file an element's src names, only where the page's owner allows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace papershelf::cli {

// An element asks for its static list with the marker, or with the attribute `prerender`
// (attributes::names::prerender), which survives an HTML minifier that drops comments (al-folio's
// jekyll-minifier, hugo --minify): then its whole content is the static list's place.

// The marker is this comment (its text trimmed of spaces: "papershelf:prerender"). Prerender
// keeps it and closes what it writes after it with the end marker, so that running prerender
// again (the .bib changed) fills the same place anew instead of finding nothing to fill.
inline constexpr std::string_view kPrerenderMarker = "<!-- papershelf:prerender -->";
inline constexpr std::string_view kPrerenderEndMarker = "<!-- /papershelf:prerender -->";

struct ShelfElement {
  std::vector<std::pair<std::string, std::string>> attributes;  // names lower-cased, values decoded
  std::size_t start = 0;                                        // offset of the start tag's "<"
  std::size_t marker = std::string_view::npos;      // offset of the marker comment, if any
  std::size_t marker_end = std::string_view::npos;  // just past it
  std::size_t fill_end = std::string_view::npos;    // just past the end marker after it, if any
  std::size_t content_start = 0;                    // just past the start tag
  std::size_t content_end = 0;                      // at its end tag (or where it ends)
  // The language it shows its words in, as the element finds it (closest("[lang]")): its own lang
  // attribute or the nearest enclosing element's; "" when none has one.
  std::string lang;
  const std::string* attribute(std::string_view name) const;
};

// Every <paper-shelf> of `page`, in order, with the first marker in its content and the first end
// marker after that (in the same element). The page is read
// as a browser's HTML tokenizer reads it: a marker counts only as a comment in the element's
// content (or its descendants'), never inside another comment, an attribute value, or the text of
// script, style, textarea, title and the other raw-text elements; tag names in any case; the
// element ends at its end tag or at the end tag of an element it is inside. (Foreign content,
// <svg> and <math>, is read as HTML: its CDATA sections are not told apart.)
std::vector<ShelfElement> find_shelves(std::string_view page);

// The data files prerender reads are at most this large (a publication list of 64 MB is some
// 200,000 records); a larger src is refused rather than read.
inline constexpr std::uint64_t kMaxSourceBytes = 64u << 20;

// What read_open_file() accepts: a regular file only; any file but a folder (a pipe, a device);
// or standard input, taken as it is (not judged by fstat(), which Emscripten's NODERAWFS cannot
// answer for the standard streams).
enum class Accept { RegularFile, AnyFile, StandardInput };

// Reads all of the open file `fd` into `text`, at most `max_bytes` (more is refused, not read on:
// /dev/zero or an endless pipe end there, not in running out of memory). Returns "" or why it was
// not read (`text` is then empty).
std::string read_open_file(int fd, std::uint64_t max_bytes, Accept accept, std::string& text);

// Reads the file `src` names, relative to `page_dir`, into `text`, only when it is a regular file
// of at most kMaxSourceBytes whose real path (symbolic links followed) is inside `root`. Returns
// "" or why it was refused.
std::string read_page_source(const std::string& page_dir, const std::string& root,
                             const std::string& src, std::string& text,
                             const char* root_is = "the page's folder, or the folder --root names");

// An element's prerender="FILE" names its data in the site's source, which the built site does
// not publish (al-folio's _bibliography/papers.bib: Jekyll leaves out folders starting with "_").
// Reads FILE (relative to, and inside, the folder prerender runs in) into `text` as
// read_page_source does, and writes it to `dest` (the element's src) under `site_dir`, inside
// `root`, unless the same bytes are there. Returns "" or why it was refused.
std::string publish_page_source(const std::string& source, const std::string& site_dir,
                                const std::string& root, const std::string& dest,
                                std::string& text);

// A file papershelf writes into a folder it was pointed at, opened so that nothing but that one
// file changes: never through a symbolic link at `path` (dangling or not), never a file with other
// hard links (its other names would change too: a link planted there sends the write elsewhere),
// never anything but a regular file. An existing file is replaced only when it holds one of
// `marks` (papershelf wrote it: pages_file_marks), or whatever it holds when `marks` is empty or
// `replace_any` (--force). The checks are made on what was opened, before a byte changes.
class OwnFile {
 public:
  OwnFile() = default;
  OwnFile(const OwnFile&) = delete;
  OwnFile& operator=(const OwnFile&) = delete;
  ~OwnFile();
  // Opens `path`, created or emptied; "" or why it is not written (the file is left as it was).
  std::string open(const std::string& path, const std::vector<std::string_view>& marks = {},
                   bool replace_any = false);
  // Appends `bytes` (a failure is kept for close()).
  void write(std::string_view bytes);
  // "" or why the bytes are not all written.
  std::string close();
  // Whether open() left the file alone because papershelf did not write it (it holds no mark).
  bool someone_elses() const { return someone_elses_; }

 private:
  int fd_ = -1;
  int error_ = 0;
  bool someone_elses_ = false;
};

// Writes `text` to `path` as an OwnFile (any regular file of one link there is replaced).
// Returns "" or why it was not written.
std::string write_file_no_follow(const std::string& path, std::string_view text);

}  // namespace papershelf::cli
