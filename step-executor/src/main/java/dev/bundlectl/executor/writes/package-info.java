/**
 * How a step's object is written (server-side apply, create, delete), decided once from the step
 * and its annotations (create-only, delete), so the applier and the access check follow one rule.
 */
package dev.bundlectl.executor.writes;
