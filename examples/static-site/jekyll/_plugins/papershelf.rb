# papershelf for Jekyll: publishes the site's .bib files where the papershelf include's element
# fetches them, so that `jekyll serve` and `jekyll build` show the list without the prerender step
# (`npx papershelf setup jekyll` copies this file to _plugins/; GitHub Pages' own build runs no
# plugins, the workflow of the static-site guide does):
#   - each .bib of _bibliography/ (al-folio's, which Jekyll leaves out) at /assets/bibliography/;
#   - a .bib with front matter (--- lines at its top, as al-folio's) in a folder the site publishes
#     (academicpages' files/) as it is: Jekyll would read it as a page and run Liquid on it, which
#     stops at the first {{ of a BibTeX title. papershelf reads the front matter as al-folio does.
module Papershelf
  # A file published byte for byte at `url`, from `path` in the site's source.
  class BibFile < Jekyll::StaticFile
    def initialize(site, dir, name, url)
      super(site, site.source, dir, name)
      @papershelf_url = url
    end

    def url
      @papershelf_url
    end

    def destination(dest)
      File.join(dest, *@papershelf_url.split("/").reject(&:empty?))
    end
  end

  class Generator < Jekyll::Generator
    safe true
    priority :low

    def generate(site)
      folder = File.join(site.source, "_bibliography")
      if File.directory?(folder) && !File.symlink?(folder)
        Dir.children(folder).sort.each do |name|
          path = File.join(folder, name)
          next unless name.end_with?(".bib") && File.file?(path) && !File.symlink?(path)
          site.static_files << BibFile.new(site, "_bibliography", name, "/assets/bibliography/#{name}")
        end
      end
      site.pages.select { |page| page.name.end_with?(".bib") }.each do |page|
        site.pages.delete(page)
        dir = File.dirname(page.relative_path)
        dir = "" if dir == "."
        site.static_files << BibFile.new(site, dir, page.name, "/" + page.relative_path)
      end
    end
  end
end
