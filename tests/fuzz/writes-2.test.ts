import { describeFuzzPart } from '../support/fuzzSuite.ts';

describeFuzzPart(2);
