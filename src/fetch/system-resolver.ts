import { lookup } from 'node:dns/promises';
import type { Resolver } from './address-policy.js';

/** The operating system's resolver: every address of the name, as the OS orders them. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};
