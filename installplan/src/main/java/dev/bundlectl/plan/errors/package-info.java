/**
 * The pure classification of API server failures into the classes of docs/semantics.md §3.
 */
package dev.bundlectl.plan.errors;
