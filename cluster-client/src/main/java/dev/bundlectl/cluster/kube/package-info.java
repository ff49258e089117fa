/** The executor's asynchronous access to the API server, and the mapping of its failures. */
package dev.bundlectl.cluster.kube;
