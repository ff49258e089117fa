/** Time and delays for the executor, replaceable in tests. */
package dev.bundlectl.cluster.time;
