/**
 * Internal: job-available notifications and job push streams. Not part of the public API; public
 * only so that the broker can wire it from its own packages.
 */
package io.gatefork.broker.dev.jobs;
