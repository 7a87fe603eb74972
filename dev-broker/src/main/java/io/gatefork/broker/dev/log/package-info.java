/**
 * Internal: the per-partition in-memory log and its retention. Not part of the public API; public
 * only so that the broker can wire it from its own packages.
 */
package io.gatefork.broker.dev.log;
