// A Vite app that uses the papershelf npm package: parse a .bib, search and sort it in the core,
// and render the core's safe HTML.
import { load } from "papershelf";
import "papershelf/papershelf.css";

const bib = `
@inproceedings{hu2023hydro, title = {Hydro: Surrogate-Based Hyperparameter Tuning Service in Datacenters},
  author = {Hu, Qinghao and Ye, Zhisheng and Zhang, Meng}, booktitle = {OSDI}, year = 2023, abbr = {OSDI}}
@inproceedings{hu2023lucid, title = {Lucid: A Non-Intrusive, Scalable and Interpretable Scheduler},
  author = {Hu*, Qinghao and Zhang*, Meng}, booktitle = {ASPLOS}, year = 2023, abbr = {ASPLOS}}
@article{ye2024survey, title = {Deep Learning Workload Scheduling in {GPU} Datacenters: A Survey},
  author = {Ye, Zhisheng and Gao, Wei and Hu, Qinghao}, journal = {ACM Computing Surveys}, year = 2024, abbr = {CSUR}}
`;

const shelf = await load();
const library = shelf.parse(bib, { source: "papers.bib" });
const list = document.getElementById("list");
const search = document.getElementById("search");

function render() {
  const view = library.query({ search: search.value, sort: "year-desc,title-asc" });
  // The core escapes every data string and drops unsafe links, so its HTML is safe to insert.
  list.innerHTML = library.html(view.entries, { owner: "Qinghao Hu", search: search.value }).join("");
  window.visibleKeys = view.keys;
}
search.addEventListener("input", render);
render();
