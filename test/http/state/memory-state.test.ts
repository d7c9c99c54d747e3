// The shared state kept in memory, held to the contract every implementation keeps (helpers/state-contract.ts).
import { MemoryState } from '../../../src/http/state/memory-state.js';
import { describeStateContract } from '../../helpers/state-contract.js';

describeStateContract('memory', async (now) => new MemoryState(now === undefined ? {} : { now }));
