/**
 * Waiting for an asynchronous answer on a thread that may block ({@link dev.bundlectl.executor.waiting.Blocking}),
 * and how the wait ended ({@link dev.bundlectl.executor.waiting.Waited}).
 */
package dev.bundlectl.executor.waiting;
