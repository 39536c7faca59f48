import { describeWorld } from "./spec";

describeWorld("flange");
