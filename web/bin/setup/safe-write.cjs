// Writing setup's files inside the site's folder: never through a symbolic link nor over a file
// with other hard links, the folders made the same way.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

// (Windows has no O_NOFOLLOW: there the lstat checks stand alone.)
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/** The link at `file` as "a symbolic link (to TARGET)". */
function linkText(file) {
  let target = "?";
  try {
    target = fs.readlinkSync(file);
  } catch {}
  return `it is a symbolic link (to ${target})`;
}

/**
 * Makes the folders of `relative` (posix, inside `root`) one by one; why not ("" when they are
 * real folders now): a folder that is a symbolic link would take the files out of `root`.
 */
function folderProblem(root, relative) {
  let at = root;
  for (const part of relative.split("/").filter((p) => p && p !== ".")) {
    at = path.join(at, part);
    let info;
    try {
      info = fs.lstatSync(at);
    } catch (error) {
      if (error.code !== "ENOENT") return error.message;
      try {
        fs.mkdirSync(at);
        continue;
      } catch (made) {
        return made.message;
      }
    }
    if (info.isSymbolicLink()) return `${path.relative(root, at).split(path.sep).join("/")} ${linkText(at).slice(3)}`;
    if (!info.isDirectory()) return `${path.relative(root, at).split(path.sep).join("/")} is not a folder`;
  }
  return "";
}

/**
 * Writes `bytes` to `file` unless it holds them already. An existing file is replaced only when
 * it is a regular file of one link and `mayReplace(itsBytes)`; returns { done: "wrote" |
 * "replaced" | "same" | "kept" | "failed", why }. The checks are made again on what was opened,
 * before a byte of it changes.
 */
function copyFile(file, bytes, mayReplace) {
  let fd;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o644);  // (O_EXCL follows no link)
  } catch (error) {
    if (error.code !== "EEXIST") return { done: "failed", why: error.message };
  }
  try {
    if (fd !== undefined) {
      writeAll(fd, bytes);
      return { done: "wrote" };
    }
    let info = fs.lstatSync(file);
    if (info.isSymbolicLink()) {
      // (A link to the package's own copy is fine as it is: nothing to write.)
      const target = fs.statSync(file, { throwIfNoEntry: false });
      if (target?.isFile() && target.size === bytes.length && fs.readFileSync(file).equals(bytes)) return { done: "same" };
      return { done: "failed", why: `${linkText(file)}; setup writes no file through a link` };
    }
    if (!info.isFile()) return { done: "failed", why: "it is not a regular file" };
    fd = fs.openSync(file, fs.constants.O_RDWR | NO_FOLLOW);
    info = fs.fstatSync(fd);
    if (!info.isFile()) return { done: "failed", why: "it is not a regular file" };
    const before = fs.readFileSync(fd);
    if (before.equals(bytes)) return { done: "same" };
    if (info.nlink > 1)
      return { done: "failed", why: `it has ${info.nlink} hard links; setup writes no file that has other names, which it would change too` };
    if (!mayReplace(before))
      return { done: "kept", why: "it differs from the package's copy and is not one setup wrote (yours, or changed since); --force replaces it" };
    fs.ftruncateSync(fd, 0);
    writeAll(fd, bytes);
    return { done: "replaced" };
  } catch (error) {
    return { done: "failed", why: error.code === "ELOOP" ? `${linkText(file)}; setup writes no file through a link` : error.message };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Writes all of `bytes` at the start of the open file `fd`. */
function writeAll(fd, bytes) {
  for (let at = 0; at < bytes.length;) at += fs.writeSync(fd, bytes, at, bytes.length - at, at);
}

module.exports = { linkText, folderProblem, copyFile };
