/** Approving a BundleInstall's current plan by its digest ({@code bundlectl approve}). */
package dev.bundlectl.controller.approve;
