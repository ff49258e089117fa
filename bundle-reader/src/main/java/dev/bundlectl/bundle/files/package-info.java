/**
 * The trust boundary of every file bundlectl reads: only regular files are opened, a FIFO or a
 * device never is, and a bundle or payload directory is a closed tree whose symbolic links are
 * followed only while they stay inside it.
 */
package dev.bundlectl.bundle.files;
