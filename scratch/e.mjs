import * as x from 'nanostores'; console.log(x)
