/**
 * What an install would change, object by object, before it is written ({@code bundlectl plan -o
 * diff}, and later a {@code BundleInstall} waiting for approval): {@link
 * dev.bundlectl.executor.diff.PlanDiffer} sends the install's own server-side dry run, reads each
 * live object, and answers with a {@link dev.bundlectl.executor.diff.StepDiff} per step; {@link
 * dev.bundlectl.executor.diff.UnifiedDiffText} renders them as a unified diff. Both sides are
 * normalised ({@link dev.bundlectl.executor.diff.ObjectNormalisation}) and Secret values never
 * leave {@link dev.bundlectl.executor.diff.SecretValues}.
 */
package dev.bundlectl.executor.diff;
