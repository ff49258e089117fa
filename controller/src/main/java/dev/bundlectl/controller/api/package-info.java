/** The {@code bundleinstalls.bundlectl.dev} API as the controller reads and writes it. */
package dev.bundlectl.controller.api;
