/**
 * Internal: the command API (SBE requests in, SBE responses and error responses out). Not part of
 * the public API; public only so that the broker can wire it from its own packages.
 */
package io.gatefork.broker.dev.commandapi;
