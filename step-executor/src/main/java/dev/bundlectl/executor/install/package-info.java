/**
 * One install from start to end: the namespace check, the install record before and after, the
 * plan execution, and the objects the run created. The CLI drives it; it holds no cluster logic of
 * its own beyond that bookkeeping.
 */
package dev.bundlectl.executor.install;
