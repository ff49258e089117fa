package dev.bundlectl.executor.gc;

/**
 * What the collector does with what it finds.
 *
 * @param delete whether leftovers are deleted; false only lists them
 * @param deleteCrds whether leftover CRDs are deleted too, with every custom resource of them
 */
public record GcOptions(boolean delete, boolean deleteCrds) {
}
