// Writes a synthetic but realistic BibTeX file: al-folio fields, @string macros and `#`,
// LaTeX accents, author markers, long author lists. Deterministic: the same arguments always
// give the same bytes, so benchmark numbers are comparable across runs and machines.
//
//   papershelf_gen_bib ENTRIES [OUT.bib]     (stdout when OUT is omitted)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

// A small linear congruential generator: fixed sequence on every platform.
struct Random {
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  std::uint32_t next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(state >> 33);
  }
  std::size_t below(std::size_t n) { return next() % n; }
  template <typename T, std::size_t N>
  const T& pick(const T (&items)[N]) {
    return items[below(N)];
  }
};

const char* const kGiven[] = {
    "Qinghao", "Zhisheng",  "Zerui",           "Meng",         "Peng", "Tianwei",
    "Ana",     "Jos{\\'e}", "Fran{\\c{c}}ois", "J{\\\"u}rgen", "Ravi", "Mar{\\'\\i}a",
    "Søren",   "Yonggang",  "Dahua",           "Xiaolin"};
const char* const kFamily[] = {"Hu",           "Ye",
                               "Wang",         "Zhang",
                               "Sun",          "Garc{\\'\\i}a",
                               "M{\\\"u}ller", "{\\O}rsted",
                               "Erd{\\H{o}}s", "Ko{\\v{s}}{\\'\\i}k",
                               "Yadav",        "Wen",
                               "Lin",          "Chen",
                               "Luo",          "van der Berg",
                               "de la Fuente", "Nu{\\~n}ez",
                               "Łukasiewicz"};
const char* const kMarks[] = {"", "", "", "", "", "", "*", "*", "†", "*†", "‡"};
const char* const kWords[] = {
    "Efficient",       "Scalable", "{GPU}",          "Scheduling", "Training",
    "Large",           "Language", "Models",         "in",         "the",
    "Datacenter",      "for",      "Deep",           "Learning",   "Clusters",
    "\\emph{Fast}",    "{LLM}",    "Inference",      "Caching",    "with",
    "Na{\\\"\\i}ve",   "Bayes",    "$O(n \\log n)$", "Systems",    "--",
    "Characterization"};
const char* const kVenues[] = {"nsdi", "osdi", "sosp", "eurosys", "atc", "sc"};
const char* const kBadges[] = {"NSDI", "OSDI", "SOSP", "EuroSys", "ATC", "SC", "Preprint"};
const char* const kMonths[] = {"jan", "feb", "mar", "apr", "may", "jun",
                               "jul", "aug", "sep", "oct", "nov", "dec"};
const char* const kAbstract =
    "We study the workloads of a large cluster over six months and characterize jobs, failures "
    "and resource usage. Our findings motivate two systems: one for fault-tolerant pretraining "
    "and one for decoupled evaluation, which together reduce wasted GPU time by 30\\%--40\\%.";

void append_entry(std::string& out, Random& r, std::size_t index) {
  const bool conference = r.below(3) != 0;
  out += conference ? "@inproceedings{" : "@article{";
  out += "key" + std::to_string(index) + ",\n  abbr = {" + r.pick(kBadges) + "},\n";
  if (r.below(5) == 0) out += "  selected = {true},\n";
  out += "  title = {";
  const std::size_t words = 6 + r.below(8);
  for (std::size_t w = 0; w < words; ++w) out += std::string(w ? " " : "") + r.pick(kWords);
  out += "},\n  author = {";
  const std::size_t authors = 2 + r.below(r.below(6) == 0 ? 30 : 8);
  for (std::size_t a = 0; a < authors; ++a) {
    if (a) out += " and ";
    out += std::string(r.pick(kFamily)) + r.pick(kMarks) + ", " + r.pick(kGiven);
  }
  out += "},\n";
  if (conference) {
    out += std::string("  booktitle = {Proceedings of } # ") + r.pick(kVenues) + ",\n";
  } else {
    out += "  journal = {IEEE Transactions on Parallel and Distributed Systems},\n";
  }
  out += "  year = {" + std::to_string(2010 + r.below(15)) + "},\n  month = " + r.pick(kMonths) +
         ",\n  pages = {" + std::to_string(r.below(900)) + "--" +
         std::to_string(900 + r.below(99)) + "},\n";
  if (r.below(2)) out += "  pdf = {paper" + std::to_string(index) + ".pdf},\n";
  if (r.below(3) == 0)
    out += "  code = {https://github.com/example/repo" + std::to_string(index) + "},\n";
  if (r.below(3) == 0)
    out += "  arxiv = {24" + std::to_string(10 + r.below(3)) + ".0" +
           std::to_string(1000 + r.below(8999)) + "},\n";
  if (r.below(2)) out += "  doi = {10.1145/" + std::to_string(3000000 + index) + "},\n";
  if (r.below(4) == 0) out += "  award = {Best Paper Award},\n  award_name = {Best Paper},\n";
  if (r.below(3) == 0) out += std::string("  abstract = {") + kAbstract + "},\n";
  out += "  bibtex_show = {true}\n}\n\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s ENTRIES [OUT.bib]\n", argv[0]);
    return 2;
  }
  const std::size_t count = std::strtoull(argv[1], nullptr, 10);
  std::string out =
      "---\n---\n% Synthetic bibliography generated by papershelf_gen_bib.\n"
      "@string{nsdi = {USENIX Symposium on Networked Systems Design and Implementation (NSDI)}}\n"
      "@string{osdi = {USENIX Symposium on Operating Systems Design and Implementation (OSDI)}}\n"
      "@string{sosp = {ACM Symposium on Operating Systems Principles (SOSP)}}\n"
      "@string{eurosys = {European Conference on Computer Systems (EuroSys)}}\n"
      "@string{atc = {USENIX Annual Technical Conference (ATC)}}\n"
      "@string{sc = {International Conference for High Performance Computing (SC)}}\n\n";
  out.reserve(count * 700);
  Random r;
  for (std::size_t i = 0; i < count; ++i) append_entry(out, r, i);
  FILE* f = argc > 2 ? std::fopen(argv[2], "wb") : stdout;
  if (!f) {
    std::perror(argv[2]);
    return 1;
  }
  std::fwrite(out.data(), 1, out.size(), f);
  if (f != stdout) std::fclose(f);
  return 0;
}
