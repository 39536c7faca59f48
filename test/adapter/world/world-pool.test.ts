import { describeWorld } from "./spec";

describeWorld("pool");
