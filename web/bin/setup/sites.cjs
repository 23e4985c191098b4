// The kinds of site setup knows (page, jekyll, hugo): the folder each keeps the browser files in,
// the files of its own it gets, and what to do next.
"use strict";

const SITES = {
  page: {
    // (one folder: the site's root keeps only the page and the .bib)
    files: "papershelf",
    record: "papershelf/.papershelf-setup.json",
    next: `Then, where the list goes in your page (your .bib beside it, named by src; the page's <head>
needs <meta name="viewport" content="width=device-width, initial-scale=1"> for phones):

  <link rel="stylesheet" href="papershelf/papershelf.css">
  <script src="papershelf/papershelf.js" defer></script>
  <paper-shelf src="papers.bib" owner="Your Name; Y. Name"><!-- papershelf:prerender --></paper-shelf>

and after each change to the .bib (page.html being your page):
  npx papershelf prerender page.html -o page.html`,
  },
  jekyll: {
    files: "assets/js",
    include: [["site/jekyll/papershelf.html", "_includes/papershelf.html"], ["site/jekyll/papershelf.rb", "_plugins/papershelf.rb"]],
    next: `Then, in your publications page (al-folio keeps its list in _bibliography/papers.bib):

  {% include papershelf.html bib="_bibliography/papers.bib" owner="Your Name; Y. Name" %}

_plugins/papershelf.rb publishes _bibliography/*.bib at /assets/bibliography/, where the element
fetches it, so that jekyll serve shows the list too. To build (a site without a Gemfile runs
jekyll build alone):

  bundle exec jekyll build
  npx papershelf prerender _site`,
  },
  hugo: {
    files: "static/js",
    include: [["site/hugo/papershelf.html", "layouts/shortcodes/papershelf.html"]],
    next: `Then, with your .bib at static/papers.bib, in a content page:

  {{< papershelf src="/papers.bib" owner="Your Name; Y. Name" >}}

and to build:

  hugo --minify
  npx papershelf prerender public`,
  },
};

module.exports = { SITES };
