/**
 * Uninstall: delete what one install created, guided by its install record, newest objects
 * first, and report every object's outcome.
 *
 * <p>Only objects listed as created in the record are touched, and only while they still have the
 * uid the record gives. CustomResourceDefinitions are kept unless asked for, because deleting
 * one deletes every custom resource of its kind in the cluster.
 */
package dev.bundlectl.executor.uninstall;
