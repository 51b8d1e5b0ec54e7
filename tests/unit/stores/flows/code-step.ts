/**
 * The code view as src/ui/OtpStep.tsx opens it: the sub-flow made from the flow's `codeStep`,
 * started for a phone or e-mail; resolves once the first code's answer is in.
 */
import { createOtpFlow, type OtpDeps, type OtpFlow } from '../../../../src/stores/flows/otp.ts';

export async function openCodeStep(deps: OtpDeps, identifier: string): Promise<OtpFlow> {
  const otp = createOtpFlow(deps);
  await otp.start(identifier);
  return otp;
}
